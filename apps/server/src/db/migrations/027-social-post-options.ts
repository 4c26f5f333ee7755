import type { Kysely } from 'kysely';

/**
 * Per-network choices of a post beyond its text (decision 024): for now TikTok's
 * privacy level, which TikTok requires the person to choose from the creator's own options.
 * JSON like `overrides`; existing posts have none ('{}').
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('social_posts')
    .addColumn('network_options', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('social_posts').dropColumn('network_options').execute();
}
