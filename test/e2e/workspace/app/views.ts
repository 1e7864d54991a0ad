export function links(post: { id: number }) {
  return [publish_];
}
