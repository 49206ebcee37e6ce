import {
  DEFAULT_COMPANY_SETTINGS,
  pickAgentForNewConversation,
  ROLE_NAMES,
  type WorkingHours,
} from '@crm/shared';
import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pgPool } from '../../database/pg-pool';

interface CandidateRow {
  id: number;
  load: number;
  workingHours: WorkingHours | null;
}

/**
 * Agents who could take a new conversation of the channel now, when the company has automatic assignment on:
 * available users whose role carries the agent permission (admins and superadmins excepted: they supervise),
 * with a space holding the channel; their open conversations counted as their load.
 */
const CANDIDATES_SQL = `
  SELECT u.id,
         (SELECT count(*)::int FROM clients c
           WHERE c."companyId" = u."companyId" AND c."agentId" = u.id AND NOT c."isArchived" AND NOT c."isClosed") AS load,
         (SELECT json_build_object('timezone', w.timezone, 'isActive', w."isActive", 'days', w.days)
            FROM user_working_hours w WHERE w."userId" = u.id) AS "workingHours"
    FROM users u
    JOIN roles r ON r.id = u."roleId"
   WHERE u."companyId" = $1 AND u."isAvailable" AND r.name <> ALL($3)
     AND coalesce((SELECT (co.settings->>'automaticAssignment')::boolean FROM companies co WHERE co.id = $1), $4)
     AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp."permissionId"
                  WHERE rp."roleId" = r.id AND p.name = 'agent')
     AND EXISTS (SELECT 1 FROM user_spaces us JOIN space_channels sc ON sc."spaceId" = us."spaceId"
                  WHERE us."userId" = u.id AND sc."channelId" = $2)`;

/** 02 §3 automaticAssignment: new conversations are spread over the agents on duty. */
@Injectable()
export class AutoAssignmentService {
  private readonly logger = new Logger(AutoAssignmentService.name);

  constructor(private readonly dataSource: DataSource) {}

  /** The agent the new conversation was given to, or null (setting off, or nobody on duty). */
  async assignNew(
    companyId: number,
    channelId: number,
    clientId: number,
    at = new Date(),
  ): Promise<number | null> {
    const pool = pgPool(this.dataSource);
    const { rows } = await pool.query<CandidateRow>({
      name: 'auto-assignment-candidates',
      text: CANDIDATES_SQL,
      values: [
        companyId,
        channelId,
        [ROLE_NAMES.admin, ROLE_NAMES.superadmin],
        DEFAULT_COMPANY_SETTINGS.automaticAssignment,
      ],
    });
    const agentId = pickAgentForNewConversation(rows, at);
    if (agentId === null) return null;
    // Only if nobody assigned it meanwhile (an admin quicker than us keeps their choice).
    const updated = await pool.query(
      `UPDATE clients SET "agentId" = $2, "updatedAt" = now() WHERE id = $1 AND "agentId" IS NULL RETURNING id`,
      [clientId, agentId],
    );
    if (updated.rowCount === 0) return null;
    this.logger.log(`conversation ${clientId} assigned to agent ${agentId} automatically`);
    return agentId;
  }
}
