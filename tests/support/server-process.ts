import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

// The real server (src/server/main.ts) as a child process: the browser journeys' server, and the
// tests and benchmarks that must kill it, run two of it, or load it from another process.

const root = join(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** What the server logged at LOG_LEVEL=warn (pino on stdout) and wrote to stderr, for failure messages. */
  errors: string[];
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const url = `http://localhost:${p}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(p),
      APP_URL: url,
      SEED_DEMO: 'false',
      MAIL_TRANSPORT: 'none',
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: join(root, 'no-web-build'),
      ...env,
    },
  });
  const errors: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    url,
    port: p,
    child,
    errors,
    async kill(signal) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
  await waitForHealth(server, 180_000);
  return server;
}

async function waitForHealth(server: ServerProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`The server exited with code ${server.child.exitCode}: ${server.errors.join('')}`);
    }
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill('SIGKILL');
  throw new Error(`The server did not answer ${server.url}/api/health in time`);
}

/** Signs in over HTTP like the web app and returns the Cookie header. */
export async function signInOver(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A JSON call with the session cookie and our own Origin (the cross-site check). */
export async function call(url: string, method: string, path: string, cookie: string, body?: unknown) {
  return fetch(`${url}${path}`, {
    method,
    headers: { origin: url, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
