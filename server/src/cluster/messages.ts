/** What the primary and the workers of the multi-process mode tell each other over IPC. */
export type ClusterMessage =
  /** primary → worker, with a TCP handle: a connection and the bytes already read from it (base64). */
  | { type: 'neura:connection'; head: string }
  /** primary → workers: the port is open (the first worker prints the first-start invite). */
  | { type: 'neura:listening'; publicUrl: string }
  /** worker → primary: built (migrated, seeded, recovered) and able to take connections. */
  | { type: 'neura:ready' }
  /** worker → primary: an Engine.IO session opened / closed here (routing of long-polling). */
  | { type: 'neura:session'; sid: string }
  | { type: 'neura:session-closed'; sid: string };

export function isClusterMessage(value: unknown): value is ClusterMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { type?: unknown }).type === 'string' &&
    (value as { type: string }).type.startsWith('neura:')
  );
}

/** The Engine.IO session id in a request line (`GET /socket.io/?EIO=4&transport=polling&sid=…`). */
export function sessionIdOf(head: Buffer): string | undefined {
  const end = head.indexOf('\r\n');
  const line = head.toString('latin1', 0, end === -1 ? Math.min(head.length, 8192) : end);
  if (!line.includes('EIO=')) return undefined;
  return /[?&]sid=([A-Za-z0-9_-]{1,64})(?:[&\s]|$)/.exec(line)?.[1];
}
