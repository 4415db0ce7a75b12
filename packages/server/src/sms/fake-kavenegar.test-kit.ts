import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: `sms/send`, `call/maketts`, `verify/lookup`, `sms/statuslocalmessageid`. */
export interface FakeRequest {
  method: string;
  apiKey: string;
  params: Record<string, string>;
}

type Scripted =
  /** Kavenegar's JSON error: HTTP status = return.status, as the real API answers. */
  | { kind: 'status'; status: number; message?: string }
  /** A non-JSON answer (a proxy's error page). */
  | { kind: 'http'; httpStatus: number; body: string }
  /** Accepts the message but answers only after `ms` (a timeout after acceptance). */
  | { kind: 'slow'; ms: number };

/**
 * A local stand-in for api.kavenegar.com (127.0.0.1, random port) for tests: records every request,
 * accepts messages (remembering them by `localid` for `statuslocalmessageid`) and answers scripted
 * errors on demand.
 */
export class FakeKavenegar {
  readonly requests: FakeRequest[] = [];
  /** localid → Kavenegar messageid of every accepted message. */
  readonly accepted = new Map<string, number>();
  private readonly script = new Map<string, Scripted[]>();
  private nextId = 1000;
  private server: http.Server | null = null;
  private port = 0;

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** The next request to `method` gets this answer instead of a success. */
  next(method: string, answer: Scripted): void {
    const list = this.script.get(method) ?? [];
    list.push(answer);
    this.script.set(method, list);
  }

  /** As if an earlier attempt had reached Kavenegar before a crash. */
  markAccepted(localid: string): number {
    const id = this.nextId++;
    this.accepted.set(localid, id);
    return id;
  }

  calls(method: string): FakeRequest[] {
    return this.requests.filter((r) => r.method === method);
  }

  reset(): void {
    this.requests.length = 0;
    this.accepted.clear();
    this.script.clear();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const match = /^\/v1\/([^/]+)\/(.+)\.json$/.exec(req.url ?? '');
    if (!match || req.method !== 'POST') {
      res.writeHead(404).end('not found');
      return;
    }
    const method = match[2]!;
    const params = Object.fromEntries(new URLSearchParams(raw));
    this.requests.push({ method, apiKey: decodeURIComponent(match[1]!), params });

    const scripted = this.script.get(method)?.shift();
    if (scripted?.kind === 'status') {
      return this.json(res, scripted.status, {
        return: { status: scripted.status, message: scripted.message ?? '' },
      });
    }
    if (scripted?.kind === 'http') {
      res.writeHead(scripted.httpStatus, { 'content-type': 'text/html' }).end(scripted.body);
      return;
    }
    if (method === 'sms/statuslocalmessageid') {
      const localid = params.localid ?? '';
      const messageid = this.accepted.get(localid);
      const entry = messageid
        ? { messageid, localid, status: 10, statustext: 'رسیده به گیرنده' }
        : { messageid: 0, localid, status: 100, statustext: 'نامعتبر' };
      return this.json(res, 200, { return: { status: 200, message: 'تایید شد' }, entries: [entry] });
    }
    const messageid = this.nextId++;
    if (params.localid) this.accepted.set(params.localid, messageid);
    const entry = { messageid, receptor: params.receptor, status: 1, statustext: 'در صف ارسال' };
    const answer = () =>
      this.json(res, 200, { return: { status: 200, message: 'تایید شد' }, entries: [entry] });
    if (scripted?.kind === 'slow') setTimeout(answer, scripted.ms).unref();
    else answer();
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}
