import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__fixtures__' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** Where queries may be written: repositories, and the database layer itself (pool, migrations, types). */
function mayQuery(file: string): boolean {
  return file.endsWith('.repository.ts') || file.startsWith('database/');
}

// SQL inside a string or template literal, or a handle on the database, outside a repository.
const SQL_TEXT = /['`"][^'`"]*\b(SELECT\s|INSERT\s+INTO|UPDATE\s+"?\w+"?\s+SET|DELETE\s+FROM|ON\s+CONFLICT)/;
const DATABASE_HANDLE =
  /\b(DataSource|EntityManager|InjectDatabase|InjectRepository|pgPool|selectFrom|insertInto|updateTable|deleteFrom)\b|\bsql`/;

/** Files not yet moved to repositories (issue 15 §1). The list only shrinks. */
const PENDING = new Set<string>([
  'common/space-scope.ts',
  'jobs/job-queue.service.ts',
  'jobs/maintenance.service.ts',
  'modules/auth/auth.service.ts',
  'modules/auth/rate-limit.service.ts',
  'modules/channels/channel-admin.service.ts',
  'modules/channels/channel-connect.service.ts',
  'modules/channels/channels.service.ts',
  'modules/channels/messenger-sync.service.ts',
  'modules/clients/auto-assignment.service.ts',
  'modules/clients/clients.service.ts',
  'modules/clients/conversation-list.query.ts',
  'modules/clients/conversation.view.ts',
  'modules/companies/companies.service.ts',
  'modules/contacts/contact-export.service.ts',
  'modules/contacts/contact-import.service.ts',
  'modules/contacts/contacts.controller.ts',
  'modules/contacts/contacts.service.ts',
  'modules/conversations/conversation-actions.service.ts',
  'modules/datasheet/datasheet-admin.service.ts',
  'modules/datasheet/datasheet.resolver.ts',
  'modules/follow-ups/follow-ups.service.ts',
  'modules/health/health.controller.ts',
  'modules/locations/locations.service.ts',
  'modules/messages/inbound-media.service.ts',
  'modules/messages/inbound-updates.service.ts',
  'modules/messages/inbound.service.ts',
  'modules/messages/messages.service.ts',
  'modules/multimedia/multimedia.service.ts',
  'modules/quick-answers/quick-answers.service.ts',
  'modules/roles/roles-admin.service.ts',
  'modules/roles/roles.service.ts',
  'modules/sandbox/sandbox-slot.service.ts',
  'modules/sandbox/sandbox.service.ts',
  'modules/spaces/space-audience.ts',
  'modules/spaces/spaces.service.ts',
  'modules/tags/tags-admin.service.ts',
  'modules/tags/tags.resolver.ts',
  'modules/templates/templates.resolver.ts',
  'modules/users/team.service.ts',
  'modules/users/users.service.ts',
  'providers/mail/mail.service.ts',
  'realtime/realtime.service.ts',
]);

describe('layers', () => {
  const files = sourceFiles(SRC).map((file) => relative(SRC, file).split('\\').join('/'));

  it('keep every query in a repository: no service, controller or resolver holds SQL or the database', () => {
    const offenders = files.filter((file) => {
      if (mayQuery(file)) return false;
      const text = readFileSync(join(SRC, file), 'utf8');
      return SQL_TEXT.test(text) || DATABASE_HANDLE.test(text);
    });
    expect(offenders.filter((file) => !PENDING.has(file))).toEqual([]);
    // A file that no longer queries leaves the list, so it cannot come back unnoticed.
    expect([...PENDING].filter((file) => !offenders.includes(file))).toEqual([]);
  });
});
