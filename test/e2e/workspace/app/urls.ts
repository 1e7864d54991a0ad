import routes from "../config/routes";

export const everyPost = () => fetch("/posts");
export const helperCount = Object.keys(routes.helpers).length;
