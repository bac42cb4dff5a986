import type { RealtimePush } from '@concord/shared';

/** Spec §9: ping every 30 s, pong expected within 10 s, reconnect after 5 s, at most 6 times. */
export const PING_INTERVAL_MS = 30_000;
export const PONG_TIMEOUT_MS = 10_000;
export const RECONNECT_DELAY_MS = 5_000;
export const MAX_RECONNECTS = 6;
/** The server closes with this code when the token is revoked: retrying cannot help. */
const REVOKED_CLOSE_CODE = 4401;

export interface RealtimeHandlers {
  onPush: (push: RealtimePush) => void;
  /** Called once the connection is lost for good (retries spent or token revoked). */
  onGiveUp: () => void;
}

export function realtimeUrl(token: string, tenantId: string): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ access_token: token, TENANT_ID: tenantId });
  return `${scheme}://${window.location.host}/gateway/admin/ws/info?${query}`;
}

export class RealtimeClient {
  private socket: WebSocket | null = null;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly handlers: RealtimeHandlers,
  ) {}

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.clearHeartbeat();
    this.socket?.close();
    this.socket = null;
  }

  private connect(): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.retries = 0;
      this.pingTimer = setInterval(() => this.ping(), PING_INTERVAL_MS);
    };
    socket.onmessage = (event: MessageEvent) => this.receive(String(event.data));
    socket.onclose = (event: CloseEvent) => this.closed(event.code);
  }

  private ping(): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    this.socket.send('ping');
    clearTimeout(this.pongTimer);
    this.pongTimer = setTimeout(() => this.socket?.close(), PONG_TIMEOUT_MS);
  }

  private receive(data: string): void {
    if (data === 'pong') {
      clearTimeout(this.pongTimer);
      return;
    }
    try {
      this.handlers.onPush(JSON.parse(data) as RealtimePush);
    } catch {
      // A frame that is not JSON carries nothing for us.
    }
  }

  private closed(code: number): void {
    this.clearHeartbeat();
    this.socket = null;
    if (this.stopped) return;
    if (code === REVOKED_CLOSE_CODE || this.retries >= MAX_RECONNECTS) {
      this.stopped = true;
      this.handlers.onGiveUp();
      return;
    }
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.connect(), RECONNECT_DELAY_MS);
  }

  private clearHeartbeat(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.pongTimer);
  }
}
