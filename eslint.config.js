// One flat config for the whole monorepo; each workspace runs `eslint .` from its folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.next/**',
      '**/node_modules/**',
      '**/generated/**',
      '**/.e2e-tmp/**',
      '**/next-env.d.ts',
      'e2e/artifacts/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    // Prisma only in repositories (docs/architecture.md, "Where each rule lives"): a service, controller or
    // job handler reads and writes rows through a `*.repository.ts`, never through the Prisma client or a
    // transaction handle. The platform (Prisma plumbing, outbox, idempotency, cache, health) and the seed
    // (bulk data) are the exceptions by design.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/**/*.spec.ts',
      'apps/api/src/platform/**',
      'apps/api/src/seed/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/prisma/prisma.service.js'],
              importNames: ['PrismaService'],
              allowTypeImports: true,
              message: 'Prisma only in *.repository.ts: inject the repository instead (the Tx type may be imported).',
            },
          ],
          paths: [{ name: '@amms/db', importNames: ['PrismaClient'], message: 'Prisma only in *.repository.ts.' }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^\\$(transaction|queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)$/]',
          message: 'Prisma only in *.repository.ts: transactions and raw SQL go through a repository.',
        },
        {
          selector: "MemberExpression[property.name='client'][object.property.name='prisma']",
          message: 'Prisma only in *.repository.ts.',
        },
        {
          selector: "CallExpression > MemberExpression.callee > MemberExpression.object[object.name='tx']",
          message: 'Prisma only in *.repository.ts: pass the transaction to a repository method.',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'process',
          'console',
          'URL',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'Buffer',
          'fetch',
          'performance',
          'AbortController',
          'Headers',
          'Response',
          'Request',
        ].map((g) => [g, 'readonly']),
      ),
    },
  },
);
