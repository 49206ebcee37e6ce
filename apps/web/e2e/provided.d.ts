declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the API started by e2e/global-setup.ts, which also serves the built web client. */
    baseUrl: string;
    /** The fake WhatsApp Graph API the e2e API sends to; GET {fakeGraphUrl}/__requests lists what it received. */
    fakeGraphUrl: string;
    /** The API's PostgreSQL (its embedded one unless DATABASE_URL is set), for the few states no route makes. */
    databaseUrl: string;
  }
}

export {};
