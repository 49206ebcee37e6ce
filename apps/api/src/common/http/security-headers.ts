import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../../config/app-config';

/** Origins of public media that are not ours: S3 when configured (its public URL), else none. */
function mediaOrigins(config: AppConfig): string[] {
  return config.s3 ? [new URL(config.s3.publicUrl).origin] : [];
}

/**
 * ARCHITECTURE rule 2 for the pages and the API: a CSP that fits the built web client (its scripts are files of
 * our origin, never inline; Ant Design writes its styles at run time, hence inline styles), no framing by
 * anyone, no sniffing, HSTS in production. Customers' media may come from providers' CDNs over https (Messenger
 * profile pictures, attachments), so images, sounds and videos may load from any https origin; scripts never.
 */
export function securityHeaders(config: AppConfig): RequestHandler {
  const production = config.nodeEnv === 'production';
  const media = ["'self'", 'data:', 'blob:', 'https:', ...mediaOrigins(config)];
  // With Stripe configured the payment screens load Stripe Elements: its script, its card frames and its API
  // (Stripe's documented CSP). Without keys (the sandbox) nothing of Stripe's may load.
  const stripe = config.stripe
    ? {
        script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  // With Meta's embedded signup configured, the linking page loads Facebook's JavaScript SDK, whose login dialog
  // and XHRs go to Facebook's origins.
  const meta = config.whatsappLinking.metaSignup
    ? {
        script: ['https://connect.facebook.net'],
        frame: ['https://www.facebook.com', 'https://web.facebook.com'],
        connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
      }
    : { script: [], frame: [], connect: [] };
  const strict = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script, ...meta.script],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: media,
        mediaSrc: media,
        fontSrc: ["'self'", 'data:'],
        // The API and socket.io are this origin ('self' covers ws:/wss: to it).
        connectSrc: ["'self'", ...stripe.connect, ...meta.connect],
        frameSrc: ["'self'", ...stripe.frame, ...meta.frame],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The product is one origin; its files are fetched by providers server-side, which CORP does not concern.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // GraphiQL (development only) is a page of its own that loads its scripts from a CDN.
  const devTool = replayed(helmet({ contentSecurityPolicy: false, strictTransportSecurity: false }));
  const headers = replayed(strict);
  return (req, res, next) => {
    const set = !production && req.method === 'GET' && req.path === '/graphql' ? devTool : headers;
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/**
 * The headers a helmet middleware sets, read once by running it on a recording response. With these options they
 * do not depend on the request, and helmet's chain of a dozen middlewares per request was about 3 % of an inbox
 * list request's CPU (issue 22); helmet stays the one source of the values.
 */
function replayed(middleware: RequestHandler): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    // helmet removes X-Powered-By, which the application never sends (app.disable('x-powered-by')).
    removeHeader: () => undefined,
  };
  let finished = false;
  middleware({} as Request, recorder as unknown as Response, () => {
    finished = true;
  });
  // helmet calls next synchronously; were a future version to defer, its headers would be missing: fail at start.
  if (!finished || headers.length === 0) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
