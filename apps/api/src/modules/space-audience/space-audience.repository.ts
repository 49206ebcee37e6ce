import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type Database, InjectDatabase } from '../../database/kysely';

/** Who hears that spaces or channels changed (SpaceAudienceService). */
export interface SpaceAudienceMember {
  id: number;
  roleName: string;
}

/** Which spaces or channels changed: either or both. */
export interface SpaceAudienceScope {
  spaceIds?: readonly number[];
  channelIds?: readonly number[];
}

/** The memberships read to know who hears of a space's or a channel's change (user_spaces, space_channels). */
@Injectable()
export class SpaceAudienceRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * The users whose channel lists depend on these spaces or on the spaces holding these channels: members of the
   * spaces and whoever has one selected, with their role's name.
   */
  async members(companyId: number, scope: SpaceAudienceScope): Promise<SpaceAudienceMember[]> {
    const { rows } = await sql<SpaceAudienceMember>`WITH scoped AS (
         SELECT unnest(${[...(scope.spaceIds ?? [])]}::int[]) AS "spaceId"
         UNION SELECT sc."spaceId" FROM space_channels sc WHERE sc."channelId" = ANY(${[...(scope.channelIds ?? [])]}::int[])
       )
       SELECT DISTINCT u.id, r.name AS "roleName"
         FROM users u JOIN roles r ON r.id = u."roleId"
        WHERE u."companyId" = ${companyId}
          AND (u."selectedSpaceId" IN (SELECT "spaceId" FROM scoped)
               OR EXISTS (SELECT 1 FROM user_spaces us
                           WHERE us."userId" = u.id AND us."spaceId" IN (SELECT "spaceId" FROM scoped)))`.execute(
      this.db,
    );
    return rows;
  }
}
