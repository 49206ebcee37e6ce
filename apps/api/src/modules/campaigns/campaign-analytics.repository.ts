import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';

/** Where a recipient stands for the results page (01 §2.7 analytics); every recipient is in exactly one. */
export type RecipientBucket = 'pending' | 'check' | 'failed' | 'sent' | 'delivered' | 'viewed';

export interface CampaignTotals {
  total: number;
  pending: number;
  sent: number;
  delivered: number;
  viewed: number;
  failed: number;
  check: number;
}

export interface FailedReasonRow {
  code: string;
  title: string | null;
  count: number;
}

/** A recipient with an outcome (sent, delivered, viewed or failed), with what names its contact. */
export interface SettledRecipient {
  bucket: Exclude<RecipientBucket, 'pending' | 'check'>;
  phone: string;
  name: string | null;
  nameFromChannel: string | null;
  senderId: string | null;
}

// The one definition of the buckets. The recipient's own state comes first: not yet sent is pending whatever its
// message says, an unknown outcome is a check, failed and skipped fail. A sent one is its message's delivery
// status (the inbox's status pipeline moves it): failed after the provider took it counts as failed, delivered and
// viewed as such, anything else (sent, a message later deleted or gone) as accepted but not yet delivered.
const BUCKET = sql<RecipientBucket>`CASE
  WHEN r.state IN ('pending', 'sending') THEN 'pending'
  WHEN r.state = 'check' THEN 'check'
  WHEN r.state IN ('failed', 'skipped') OR m."messageStatus" = 'failed' THEN 'failed'
  WHEN m."messageStatus" = 'viewed' THEN 'viewed'
  WHEN m."messageStatus" = 'delivered' THEN 'delivered'
  ELSE 'sent'
END`;

/**
 * Issue 18, the campaign's results (01 §2.7 analytics, §3 Campaign statistics): its recipients joined to their
 * messages (delivery status, the provider's error) and to their contacts (names for users who may not see phones).
 * The campaign itself is checked to be the caller's by CampaignsService before any of these run.
 */
@Injectable()
export class CampaignAnalyticsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async totals(campaignId: number): Promise<CampaignTotals> {
    const { rows } = await sql<CampaignTotals>`
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE b.bucket = 'pending'))::int AS pending,
             (count(*) FILTER (WHERE b.bucket = 'sent'))::int AS sent,
             (count(*) FILTER (WHERE b.bucket = 'delivered'))::int AS delivered,
             (count(*) FILTER (WHERE b.bucket = 'viewed'))::int AS viewed,
             (count(*) FILTER (WHERE b.bucket = 'failed'))::int AS failed,
             (count(*) FILTER (WHERE b.bucket = 'check'))::int AS "check"
        FROM campaign_recipients r
        LEFT JOIN messages m ON m.id = r."messageId"
       CROSS JOIN LATERAL (SELECT ${BUCKET} AS bucket) b
       WHERE r."campaignId" = ${campaignId}`.execute(this.db);
    return rows[0];
  }

  /**
   * The failed recipients by error code, most frequent first. A failure after the provider took the message is in
   * the message (its status webhook); one at the call is in both; a skipped one has none and counts as SKIPPED.
   */
  async failedReasons(campaignId: number): Promise<FailedReasonRow[]> {
    const { rows } = await sql<FailedReasonRow>`
      SELECT f.code, max(f.title) AS title, count(*)::int AS count
        FROM (SELECT coalesce(CASE WHEN m."messageStatus" = 'failed' THEN m."errorCode" END, r."errorCode",
                              CASE WHEN r.state = 'skipped' THEN 'SKIPPED' ELSE 'UNKNOWN' END) AS code,
                     coalesce(CASE WHEN m."messageStatus" = 'failed' THEN m."errorInfo" END, r."errorTitle") AS title
                FROM campaign_recipients r
                LEFT JOIN messages m ON m.id = r."messageId"
               WHERE r."campaignId" = ${campaignId} AND ${BUCKET} = 'failed') f
       GROUP BY f.code
       ORDER BY count(*) DESC, f.code`.execute(this.db);
    return rows;
  }

  /** The recipients with an outcome, in the order they were written (the campaign's audience order). */
  async settled(campaignId: number): Promise<SettledRecipient[]> {
    const { rows } = await sql<SettledRecipient>`
      SELECT b.bucket, r.phone, c.name, c."nameFromChannel", c."senderId"
        FROM campaign_recipients r
        LEFT JOIN messages m ON m.id = r."messageId"
        LEFT JOIN clients c ON c.id = r."clientId"
       CROSS JOIN LATERAL (SELECT ${BUCKET} AS bucket) b
       WHERE r."campaignId" = ${campaignId} AND b.bucket NOT IN ('pending', 'check')
       ORDER BY r.id`.execute(this.db);
    return rows;
  }
}
