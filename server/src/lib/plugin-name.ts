/**
 * Names a Fastify plugin the documented way (Fastify's Server.md, "pluginName": the
 * `Symbol.for('fastify.display-name')` property). A plugin without a name costs every `register`
 * a search through the exports of every loaded CommonJS module (`require.cache`), then the
 * function's source as text: a fifth of a test app's start, which the test suite does hundreds of
 * times. The name is the plugin's `pluginName`.
 */
export function named<T extends object>(name: string, plugin: T): T {
  Object.defineProperty(plugin, Symbol.for('fastify.display-name'), { value: name, configurable: true });
  return plugin;
}
