import type { Executor } from '../db/database.js';

/**
 * Read-only: every row stored about one user, table by table, for the data archive. Writers stay
 * each table's own repository; this only selects (and never the password hash or token hashes).
 */
export class ArchiveRepository {
  constructor(private readonly db: Executor) {}

  account(userId: string) {
    return this.db
      .selectFrom('users')
      .select([
        'id',
        'email',
        'first_name',
        'last_name',
        'email_verified_at',
        'referral_code',
        'pro_expiry',
        'flags',
        'credits',
        'country',
        'role',
        'created_at',
        'updated_at',
      ])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  sessions(userId: string) {
    return this.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_used_at', 'revoked_at', 'user_agent'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  ledger(userId: string) {
    return this.db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  orders(userId: string) {
    return this.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  subscriptions(userId: string) {
    return this.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  feedback(userId: string) {
    return this.db.selectFrom('feedback').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  /** The personas the user made (issue #29), deleted ones included, instructions and all. */
  personas(userId: string) {
    return this.db
      .selectFrom('personas')
      .select([
        'id',
        'name',
        'tagline',
        'description',
        'system_prompt',
        'greeting',
        'suggested_prompts',
        'included_skills',
        'model',
        'cost',
        'visibility',
        'review_state',
        'knowledge',
        'created_at',
        'updated_at',
        'deleted_at',
      ])
      .where('owner_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  shares(userId: string) {
    return this.db
      .selectFrom('chat_shares')
      .select(['id', 'chat_id', 'created_at', 'revoked_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  /** The user's chats; never a temporary one (issue #49). */
  chatIds(userId: string) {
    return this.db
      .selectFrom('chats')
      .select(['id'])
      .where('user_id', '=', userId)
      .where('temporary', '=', 0)
      .orderBy('id')
      .execute();
  }

  /** Folders (issue #49). */
  folders(userId: string) {
    return this.db
      .selectFrom('chat_folders')
      .select(['id', 'name', 'position', 'created_at', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('position')
      .execute();
  }

  /** The user's files, but those of a temporary chat (issue #49); a document with its name and pages (issue #45). */
  files(userId: string) {
    return this.db
      .selectFrom('files')
      .leftJoin('documents', 'documents.file_id', 'files.id')
      .select(['files.id', 'chat_id', 'purpose', 'mime_type', 'size', 'width', 'height', 'sha256', 'files.created_at'])
      .select(['documents.name', 'documents.pages'])
      .where('files.user_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('chat_id', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('chats')
                .select('chats.id')
                .whereRef('chats.id', '=', 'files.chat_id')
                .where('chats.temporary', '=', 1),
            ),
          ),
        ]),
      )
      .orderBy('files.id')
      .execute();
  }
}
