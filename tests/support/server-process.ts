import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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

/** What the port's owner says when another process took the port between freePort() and listen. */
const PORT_TAKEN = /EADDRINUSE/;

/**
 * Starts the server on a free port and waits for its health. The port is free when chosen but
 * may be taken by another process before the server listens (a shared machine runs many test
 * servers): then the server exits with EADDRINUSE and is started again on a fresh port, which
 * the returned `url` and `port` follow. Tests restart a server with a new call, never on the
 * old port.
 *
 * `prefix`: a command the server runs under (`unshare --pid --fork`), its own process then a
 * child of `child`.
 */
export async function startServer(
  env: Record<string, string>,
  prefix: string[] = [],
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, prefix, await freePort());
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= 5) throw err;
    }
  }
}

class PortTakenError extends Error {}

async function startOnce(env: Record<string, string>, prefix: string[], p: number): Promise<ServerProcess> {
  const url = `http://localhost:${p}`;
  const [command, ...args] = [
    ...prefix,
    process.execPath,
    '--import',
    'tsx',
    join(root, 'src/server/main.ts'),
  ];
  const child = spawn(command, args, {
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
      if (PORT_TAKEN.test(server.errors.join(''))) throw new PortTakenError(server.url);
      throw new Error(`The server exited with code ${server.child.exitCode}: ${server.errors.join('')}`);
    }
    try {
      // The answer must come from our process: another one may have taken the port meanwhile.
      if ((await fetch(`${server.url}/api/health`)).ok && listensOn(server.child.pid!, server.port)) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await server.kill('SIGKILL');
  throw new Error(`The server did not answer ${server.url}/api/health in time`);
}

/**
 * Whether the process `pid`, or a child of it (the server under a `prefix`), listens on `port`:
 * its socket's inode in /proc/net/tcp{,6} is among the process's open files.
 */
function listensOn(pid: number, port: number): boolean {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const rows = existsSync(table) ? readFileSync(table, 'utf8').split('\n').slice(1) : [];
    for (const row of rows) {
      const cols = row.trim().split(/\s+/);
      // local address, state 0A = LISTEN, inode
      if (cols[1]?.endsWith(hexPort) && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  const children = (p: number) => {
    try {
      return readFileSync(`/proc/${p}/task/${p}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  for (const p of [pid, ...children(pid)]) {
    try {
      for (const fd of readdirSync(`/proc/${p}/fd`)) {
        const target = readlinkSafe(`/proc/${p}/fd/${fd}`);
        if (target && inodes.has(target.slice('socket:['.length, -1))) return true;
      }
    } catch {
      // gone
    }
  }
  return false;
}

function readlinkSafe(path: string): string | null {
  try {
    const target = readlinkSync(path);
    return target.startsWith('socket:[') ? target : null;
  } catch {
    return null;
  }
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
