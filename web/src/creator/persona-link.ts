/** The full address of a persona's link page (`/p/<id>`, or an absolute one when the server sets PUBLIC_URL). */
export function absoluteLink(link: string): string {
  return /^https?:\/\//i.test(link) ? link : `${window.location.origin}${link.startsWith('/') ? '' : '/'}${link}`;
}
