/** The part of web-push 3.6.7 (no types shipped) the notifications use. */
declare module 'web-push' {
  interface RequestDetails {
    method: 'POST';
    headers: Record<string, string | number>;
    body: Buffer | null;
    endpoint: string;
  }
  export interface WebPush {
    generateVAPIDKeys(): { publicKey: string; privateKey: string };
    generateRequestDetails(
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
      payload: string | Buffer | null,
      options: {
        TTL?: number;
        urgency?: 'very-low' | 'low' | 'normal' | 'high';
        vapidDetails: { subject: string; publicKey: string; privateKey: string };
      },
    ): RequestDetails;
  }
  const webpush: WebPush;
  export default webpush;
}
