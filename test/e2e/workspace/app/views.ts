export function links(post: { id: number }) {
  return [publish_];
}
export const signIn = () => new_session_path();
