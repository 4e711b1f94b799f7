import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A plain static file server for dist/, mounted under a sub-path (as a course's web space serves
 * it: https://host/course/gpu/tiles/): GET and HEAD only, a folder answers with its index.html,
 * anything outside the sub-path or missing is a 404. No rewrites, no SPA fallback — what any
 * static host does. `replace` swaps a file's bytes (a new deployment of one file, for the update
 * prompt's test). Listens on a free port of 127.0.0.1 in the test's own process.
 */
export interface StaticServer {
  /** The app's address: http://127.0.0.1:PORT/course/gpu/tiles/ */
  readonly url: string;
  readonly origin: string;
  replace(path: string, body: string | Buffer): void;
  close(): Promise<void>;
}

const kTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export async function serveDist(prefix: string, dir = 'dist'): Promise<StaticServer> {
  const root = resolve(dir);
  const replaced = new Map<string, Buffer>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !path.startsWith(prefix)) {
        res.writeHead(404).end();
        return;
      }
      let rel = normalize(path.slice(prefix.length)).replace(/^(\.\.(\/|$))+/, '');
      if (rel === '' || rel === '.' || rel.endsWith('/')) rel = join(rel, 'index.html');
      const file = join(root, rel);
      if (!file.startsWith(root)) {
        res.writeHead(404).end();
        return;
      }
      let body = replaced.get(rel);
      if (!body) {
        try {
          if (!(await stat(file)).isFile()) throw new Error('not a file');
          body = await readFile(file);
        } catch {
          res.writeHead(404).end();
          return;
        }
      }
      // No caching instructions beyond what a plain host sends: the service worker must cope.
      res.writeHead(200, { 'content-type': kTypes[extname(rel)] ?? 'application/octet-stream', 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${prefix}`,
    origin,
    replace: (path, body) => replaced.set(path, Buffer.isBuffer(body) ? body : Buffer.from(body)),
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
