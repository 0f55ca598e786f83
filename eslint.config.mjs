import path from 'node:path';
import tseslint from 'typescript-eslint';

// src/core may use the pure protocol in src/shared (it is lint-guarded below too), nothing else outside itself.
const pureDirs = [path.resolve('src/core'), path.resolve('src/shared')];
const isPure = (target) => pureDirs.some((dir) => target === dir || target.startsWith(dir + path.sep));

/** Resolves every relative import of a src/core file and reports the ones that land outside the pure layers. */
const coreBoundary = {
  meta: { type: 'problem', messages: { outside: 'src/core must not depend on outer layers ("{{target}}"): depend on an interface in src/core/ports.' } },
  create(context) {
    const check = (node) => {
      const spec = node?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), spec);
      if (!isPure(target)) {
        context.report({ node, messageId: 'outside', data: { target: path.relative(process.cwd(), target) } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** The UI channel of a tool: its card's title and tip, and its name for people. */
const toolUiText = [
  {
    selector: `Property[key.name=/^(showTip|summary)$/] > :matches(Literal[value=/[A-Za-z]{2}/], TemplateLiteral:has(> TemplateElement[value.raw=/[A-Za-z]{2}/]))`,
    message: "A card's title or tip is shown to people: build it with l10n.t(...) (the model's text stays English elsewhere).",
  },
  {
    selector: `ClassBody:not(:has(PropertyDefinition[key.name='uiDisplayName'])) > PropertyDefinition[key.name='displayName'][value.type='Literal']`,
    message: "A tool's displayName (English, shown to the model) needs its uiDisplayName = l10n.t(...) for the card.",
  },
  ...toolFailureText(),
];

/**
 * A tool's failure is read by the model (English) and shown on its card (the display language): a sentence
 * written as a bare literal for ToolError, fail(ctx, type, …) or a status's error reaches the card in English.
 */
function toolFailureText() {
  const sentence = `:matches(Literal[value=/[A-Za-z]{2}/], TemplateLiteral:has(> TemplateElement[value.raw=/[A-Za-z]{2}/]))`;
  const message = "A tool's failure is read by the model and shown on its card: build it with l10n.both(...) (a string only for another program's own words).";
  return [
    { selector: `NewExpression[callee.name='ToolError'] > ${sentence}:nth-child(2)`, message },
    { selector: `CallExpression[callee.property.name='fail'][arguments.length>=3] > ${sentence}:nth-child(3)`, message },
    { selector: `CallExpression[callee.property.name='sendToolStatus'] Property[key.name='error'] > ${sentence}`, message },
  ];
}

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // The pure core runs in plain Node tests: it must never reach VS Code, the host adapters or the tools.
    files: ['src/core/**/*.ts'],
    plugins: { relay: { rules: { 'core-boundary': coreBoundary } } },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'src/core is pure: depend on an interface, implemented in src/host.' }] },
      ],
      'relay/core-boundary': 'error',
    },
  },
  {
    // The protocol shared by host and webview: types and pure functions only.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'src/shared is used by the webview: no VS Code API.' }],
          patterns: [{ group: ['node:*', '../host/**', '../core/**', '../tools/**'], message: 'src/shared is the pure protocol.' }],
        },
      ],
    },
  },
  {
    // The webview is a browser bundle: no Node built-ins, no host code.
    files: ['webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The webview talks to the host only through the message protocol.' }],
          patterns: [{ group: ['node:*', '**/host/**', '**/core/**', '**/tools/**'], message: 'The webview holds no agent logic.' }],
        },
      ],
    },
  },
  {
    // Every sentence the host shows goes through l10n.t (test/unit/l10n checks each one has its translations):
    // a literal handed straight to a message, a quick pick, an input box or a status bar item is an
    // untranslated string. Names that are the same in every language (provider brands) say so with a disable comment.
    files: ['src/host/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^show(Information|Warning|Error)Message$/] > :matches(Literal, TemplateLiteral)`,
          message: 'User-visible text: wrap it in l10n.t(...) (src/core/l10n.ts) and add its translation to l10n/bundle.l10n.*.json.',
        },
        {
          // A task's configuration error is shown in the chat as it is.
          selector: `CallExpression[callee.name='configurationError'] > :matches(Literal, TemplateLiteral):first-child`,
          message: 'User-visible text: wrap it in l10n.t(...) (src/core/l10n.ts) and add its translation to l10n/bundle.l10n.*.json.',
        },
        {
          selector: `Property[key.name=/^(title|prompt|placeHolder|placeholder|detail|tooltip|label|description|text)$/] > Literal[value=/[A-Za-z]{2}/]`,
          message: 'User-visible text: wrap it in l10n.t(...) (src/core/l10n.ts) and add its translation to l10n/bundle.l10n.*.json.',
        },
        {
          selector: `Property[key.name=/^(title|prompt|placeHolder|placeholder|detail|tooltip|label|description|text)$/] > TemplateLiteral > TemplateElement[value.raw=/[A-Za-z]{2}(?![^(]*\\))/]`,
          message: 'User-visible text: build it with l10n.t(...) placeholders instead of a template literal.',
        },
        {
          selector: `AssignmentExpression[left.property.name=/^(title|placeholder|text|tooltip|description)$/] > Literal.right[value=/[A-Za-z]{2}/]`,
          message: 'User-visible text: wrap it in l10n.t(...) (src/core/l10n.ts) and add its translation to l10n/bundle.l10n.*.json.',
        },
        {
          // The title of a diff or multi-file diff editor tab ("notes.txt (Relay: new file)").
          selector: `CallExpression[callee.property.name='executeCommand'][arguments.0.value=/^vscode\\.(diff|changes)$/] > :matches(Literal[value=/[A-Za-z]{2}/], TemplateLiteral):not(:first-child)`,
          message: 'User-visible editor title: build it with l10n.t(...) and add its translation to l10n/bundle.l10n.*.json.',
        },
        ...toolUiText,
      ],
    },
  },
  {
    // Tools and the tool runtime speak on two channels (docs/tool-system.md): the card's name, title and tip are
    // the person's, in their language; what the model reads stays English. A literal here is an untranslated card.
    files: ['src/tools/**/*.ts', 'src/core/tools/**/*.ts', 'src/core/agent/**/*.ts', 'src/core/mcp/**/*.ts', 'src/core/discovery/**/*.ts', 'src/core/edit/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...toolUiText] },
  },
  {
    // A permission check's reason goes to the model (English) and to the modal and card (the display language):
    // both come from one l10n.both(...) through because(...), never from a bare string.
    files: ['src/core/permissions/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `ObjectExpression:has(> Property[key.name='action']) > Property[key.name=/^(reason|uiReason)$/] > :matches(Literal, TemplateLiteral)`,
          message: 'A permission reason is read by the model and by people: build it with ...because(l10n.both(...)) (src/core/permissions/reasons.ts).',
        },
      ],
    },
  },
);
