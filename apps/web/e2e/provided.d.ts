declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the API started by e2e/global-setup.ts, which also serves the built web client. */
    baseUrl: string;
  }
}

export {};
