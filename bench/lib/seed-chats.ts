import { addTestMessages, createTestChat, createTestUser, openSeedTarget } from '@neura/test-kit/seed';

export interface BenchUser {
  id: string;
  token: string;
  chatIds: string[];
}

/**
 * Users with a session and plenty of credits, and `chats` chats spread over them (chat j belongs to
 * user j % users, so every level spreads its streams evenly), each already holding a message so the
 * first reply makes no naming call. Written straight to the app's database, before or while it runs.
 */
export async function seedBenchChats(options: {
  dataDir: string;
  databaseUrl?: string;
  users: number;
  chats: number;
  credits: number;
}): Promise<BenchUser[]> {
  const target = openSeedTarget({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    const users: BenchUser[] = [];
    for (let u = 0; u < options.users; u++) {
      const user = await createTestUser(target, { firstName: 'Bench', password: null, credits: options.credits });
      users.push({ id: user.id, token: user.token, chatIds: [] });
    }
    for (let j = 0; j < options.chats; j++) {
      const user = users[j % options.users] as BenchUser;
      const chat = await createTestChat(target, user.id, 'default', { name: 'Bench' });
      await addTestMessages(target, { id: chat.id, userId: user.id }, [{ role: 'user', content: 'warm-up' }]);
      user.chatIds.push(chat.id);
    }
    return users;
  } finally {
    await target.close();
  }
}
