/** A persona record as the console's import takes it (an owl with id `id`), for tests; `overrides` win. */
export const personaRecord = (id: string, tags: string[], overrides: Record<string, unknown> = {}) => ({
  id,
  icon: 'spark',
  name: `Owl ${id}`,
  description: 'A wise owl.',
  cost: 2,
  tags,
  published: true,
  requiresPro: false,
  includedSkills: [],
  greeting: null,
  systemPrompt: 'You are an owl.',
  model: null,
  ...overrides,
});
