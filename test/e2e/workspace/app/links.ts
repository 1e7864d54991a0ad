import routes from "../config/routes";

export const postLink = routes.helpers.post_path(1);
