// ESLint over the review app's scripts (serve/assets) and their unit tests (tests/serve/client),
// run by ctest from the repository's top (tests/CMakeLists.txt, serve.eslint): the recommended
// rules, the browser's globals for the page, node's for the tests, and a few rules that catch
// what the recommended ones leave (a variable that could be const, == where === is meant).
import js from '@eslint/js';
import globals from 'globals';

const rules = {
  ...js.configs.recommended.rules,
  'no-var': 'error',
  'prefer-const': 'error',
  eqeqeq: 'error',
  'no-shadow': 'error',
  'no-implicit-globals': 'error',
  'no-unused-vars': ['error', { args: 'after-used', ignoreRestSiblings: true }],
};

export default [
  {
    files: ['serve/assets/**/*.js'],
    ignores: ['serve/assets/sw.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.browser },
    rules,
  },
  {
    files: ['serve/assets/sw.js'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'script', globals: globals.serviceworker },
    rules,
  },
  {
    files: ['tests/serve/client/**/*.mjs'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: globals.node },
    rules,
  },
];
