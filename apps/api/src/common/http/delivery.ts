import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { basename, dirname, join } from 'node:path';
import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';

/*
 * How answers travel (issue 22, first load on slow links): JSON answers compressed on the fly, the web client's
 * files precompressed at build time and cached by whether their name carries a content hash. Everything tied to
 * Express is in this file, so a move to another HTTP platform rewrites one file; the policies are plain functions.
 */

/** Answers smaller than this are sent as they are: compressing them saves less than a packet. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Paths whose answers are never compressed here: socket.io compresses its own frames (perMessageDeflate, and
 * engine.io's httpCompression for long-polling), webhook acknowledgements are a few bytes for providers, and
 * uploaded files are media already compressed and served with byte ranges.
 */
const UNCOMPRESSED_PREFIXES = ['/socket.io', '/webhooks', '/uploads'];

/** Whether an answer of this path and type should be compressed (the library then checks size and type). */
export function mayCompress(path: string, contentType: string | undefined): boolean {
  if (UNCOMPRESSED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return false;
  // A stream of events must reach the client as it is written, not when a compression block fills up.
  return !contentType?.startsWith('text/event-stream');
}

/**
 * Compresses JSON (and any compressible type: CSV exports, GraphQL) answers of 1 KB and more with brotli or gzip,
 * as the client accepts. Types already compressed (xlsx, images, sounds, videos, PDF) are left as they are by
 * the library's type check. BREACH does not apply: the API authenticates by a bearer header, never a cookie, so
 * a request another site makes the browser send carries no secret to guess.
 */
export function compressAnswers(): RequestHandler {
  const compress = compression({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    filter: (req, res) => {
      const type = res.getHeader('Content-Type');
      // The original URL: inside a mounted middleware (the uploads' static files) req.path has lost its prefix.
      const path = (req.originalUrl ?? req.url).split('?')[0] ?? '';
      return mayCompress(path, typeof type === 'string' ? type : undefined) && compression.filter(req, res);
    },
  });
  // The library wraps every answer's write, end and headers before its filter can say no; a request that cannot
  // be compressed (no Accept-Encoding, or a path never compressed: the webhooks' hot path) skips it altogether.
  return (req, res, next) => {
    if (!req.headers['accept-encoding'] || !mayCompress(req.path, undefined)) return next();
    return compress(req, res, next);
  };
}

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

// Vite's output names: `assets/<name>-<hash>.<ext>` with an 8-character base64url hash (a chunk shared by pages is
// named after them, joined by `~`).
const HASHED_ASSET = /^[^/]+-[\w-]{8}\.[a-z0-9]+$/i;

/**
 * The cache policy of a file of the web build, by its path on disk (a precompressed variant counts as its
 * original): a hashed asset never changes under its name, so browsers keep it a year without asking; anything
 * else (index.html, the favicon) is revalidated on every use by its ETag, so a release is seen at once.
 */
export function webFileCacheControl(filePath: string): string {
  const name = basename(filePath).replace(/\.(br|gz)$/, '');
  return basename(dirname(filePath)) === 'assets' && HASHED_ASSET.test(name)
    ? IMMUTABLE_CACHE
    : REVALIDATE_CACHE;
}

/**
 * The built web client: every file served in its brotli or gzip variant when the build made one and the client
 * accepts it (Vary: Accept-Encoding), with the cache policy above; a missing hashed asset is a 404 (an HTML page
 * in its place would be run as a script); any other GET outside `isApiPath` gets index.html (history fallback).
 */
export function webClientFiles(webDistDir: string, isApiPath: (path: string) => boolean): RequestHandler[] {
  const index = join(webDistDir, 'index.html');
  const files = expressStaticGzip(webDistDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    // Browsers get no file listing; a dotfile (none is built) is nobody's business.
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      dotfiles: 'ignore',
      setHeaders: (res: ServerResponse, path: string) => {
        res.setHeader('Cache-Control', webFileCacheControl(path));
      },
    },
  });
  return [
    // API requests skip the file lookup: it is a disk stat on every call of the hottest routes.
    (req: Request, res: Response, next: NextFunction) =>
      isApiPath(req.path) ? next() : files(req, res, next),
    (req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || isApiPath(req.path)) return next();
      if (req.path.startsWith('/assets/')) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      if (!existsSync(index)) {
        res
          .status(404)
          .type('text/plain')
          .send('Web client not built: run `pnpm build` (pnpm start does it for you).');
        return;
      }
      req.url = '/index.html';
      files(req, res, next);
    },
  ];
}
