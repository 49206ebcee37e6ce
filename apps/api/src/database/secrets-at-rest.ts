/** A column holding a secret sealed with the application's SecretBox (the row's key is always "id"). */
export interface SealedColumn {
  table: string;
  column: string;
}

/**
 * Every column that holds a secret, sealed at rest with ENCRYPTION_KEY. A new secret column is added here, so
 * the re-sealing command (key rotation) and the database-dump test cover it.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  // WhatsApp Cloud and Messenger tokens, 360dialog API keys, Twilio "accountSid:authToken".
  { table: 'channels', column: 'accessToken' },
  // The key that signs what we post to the company's CRM (X-CRM-Signature).
  { table: 'companies', column: 'crmWebhookSecret' },
  // Meta's two-step verification PIN of a number linked through the embedded signup.
  { table: 'whatsapp_links', column: 'pin' },
  { table: 'users', column: 'twoFactorSecret' },
];

/** The application's SecretBox, as the re-sealing uses it (database/ imports nothing from the layers above). */
export interface Resealer {
  reseal(stored: string): { value: string; outcome: 'current' | 'resealed' | 'sealed' };
}

/** The part of pg's Pool / Client the re-sealing needs. */
export interface SqlRunner {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[]; rowCount: number | null }>;
}

export interface ResealReport {
  table: string;
  column: string;
  /** Already sealed with the current key: left as they were. */
  current: number;
  /** Sealed with a previous key, now sealed with the current one. */
  resealed: number;
  /** Stored in clear (written by hand), now sealed. */
  sealed: number;
  /** Ids of rows no configured key opens: left unchanged. */
  unreadable: number[];
  /** Rows changed by someone else while this ran: left to them (their write was sealed with the current key). */
  raced: number;
}

const BATCH = 500;

/**
 * Seals every secret of SEALED_COLUMNS with the box's current key (key rotation, or a secret written in clear
 * by hand). Safe beside running instances: each row is replaced only if it still holds the value that was read.
 */
export async function resealSecrets(
  db: SqlRunner,
  box: Resealer,
  columns: readonly SealedColumn[] = SEALED_COLUMNS,
): Promise<ResealReport[]> {
  const reports: ResealReport[] = [];
  for (const { table, column } of columns) {
    const report: ResealReport = {
      table,
      column,
      current: 0,
      resealed: 0,
      sealed: 0,
      unreadable: [],
      raced: 0,
    };
    const [t, c] = [quoteIdent(table), quoteIdent(column)];
    let after = 0;
    for (;;) {
      const { rows } = await db.query<{ id: number; value: string }>(
        `SELECT id, ${c} AS value FROM ${t} WHERE id > $1 AND ${c} IS NOT NULL AND ${c} <> '' ORDER BY id LIMIT ${BATCH}`,
        [after],
      );
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      for (const row of rows) {
        let next: ReturnType<Resealer['reseal']>;
        try {
          next = box.reseal(row.value);
        } catch {
          report.unreadable.push(row.id);
          continue;
        }
        if (next.outcome === 'current') {
          report.current += 1;
          continue;
        }
        const { rowCount } = await db.query(`UPDATE ${t} SET ${c} = $1 WHERE id = $2 AND ${c} = $3`, [
          next.value,
          row.id,
          row.value,
        ]);
        if (rowCount === 1) report[next.outcome] += 1;
        else report.raced += 1;
      }
    }
    reports.push(report);
  }
  return reports;
}

function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a plain identifier: ${name}`);
  return `"${name}"`;
}
