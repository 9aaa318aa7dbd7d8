export * from './commands.js';
export * from './database.js';
export * from './engine.js';
export * from './migrations.js';
