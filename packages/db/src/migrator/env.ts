export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/amms';

/** DATABASE_URL from the environment, or the local default. */
export function databaseUrlFromEnv(): string {
  return process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}
