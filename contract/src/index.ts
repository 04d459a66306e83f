export * from './constants.js';
export * from './entities.js';
export * from './errors.js';
export * from './http.js';
export * from './skills.js';
export * from './socket.js';
export * from './validators.js';
export * from './video.js';
