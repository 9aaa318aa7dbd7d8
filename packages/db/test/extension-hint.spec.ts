import { describe, expect, it } from 'vitest';
import { describeEngineError, missingExtensionHint } from '../src/migrator/engine.js';

describe('missing PostGIS', () => {
  it('names the package to install when Postgres has no postgis extension', () => {
    const err = new Error(
      'ERROR: extension "postgis" is not available\nDETAIL: Could not open extension control file "/usr/share/postgresql/16/extension/postgis.control"',
    );
    expect(describeEngineError(err)).toContain('postgresql-<major>-postgis-3');
    expect(describeEngineError(err)).toContain('postgis/postgis');
  });

  it('says nothing for other errors', () => {
    expect(missingExtensionHint('relation "Field" does not exist')).toBe('');
  });
});
