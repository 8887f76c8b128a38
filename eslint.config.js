// House rules in code (docs/decisions/0011-linting-and-formatting.md): typescript-eslint with
// type information, React hooks, jsx-a11y; formatting is Prettier's job (eslint-config-prettier).
import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
	{ ignores: ['build/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', '.cache/', 'docs/'] },
	js.configs.recommended,
	tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
			'@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/no-empty-object-type': 'off',
		},
	},
	{
		files: ['app/**/*.tsx'],
		...jsxA11y.flatConfigs.recommended,
	},
	{
		// Patterns meet client text: none may backtrack or move super-linearly (issue 52).
		files: ['**/*.{js,mjs,ts,tsx}'],
		plugins: { regexp },
		rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
	},
	{
		files: ['app/**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'error',
		},
	},
	{
		files: ['**/*.{js,mjs}', 'scripts/**', 'tests/**', 'e2e/**'],
		languageOptions: { globals: { ...globals.node } },
	},
	{
		files: ['app/**/*.js'],
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
	},
	{
		// Components run in the browser too: no server module, not even for a type (decision 0026).
		files: ['app/components/**/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: [{ group: ['**/*.server', '**/*.server.*'], message: 'Components import no server module.' }] },
			],
		},
	},
	{
		// Playwright's fixtures take a destructured first argument even when empty.
		files: ['e2e/**'],
		rules: { 'no-empty-pattern': 'off' },
	},
	prettier,
)
