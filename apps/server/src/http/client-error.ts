import type { Socket } from 'node:net';

const STATUS_LINES: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
};

/**
 * Requests Node's HTTP parser refuses (headers or URL over 16 KB, broken framing) never reach Fastify: answer them
 * ourselves with `{message: KEY_INVALID}` and the security headers, then close the connection.
 */
export function answerClientError(socket: Socket, headers: Record<string, string>, error?: { code?: string }): void {
  if (socket.destroyed || error?.code === 'ECONNRESET') return;
  const body = JSON.stringify({ message: 'KEY_INVALID' });
  const status = STATUS_LINES[error?.code ?? ''] ?? '400 Bad Request';
  const lines = [
    `HTTP/1.1 ${status}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy();
}
