import path from 'node:path';
import { LAYERS, OUTSIDE_APP_IMPORTERS, TEST_SUPPORT, TEST_SUPPORT_IMPORTS } from './layers.mjs';

const APP = path.resolve(import.meta.dirname, '../../app');
const ROOT = path.dirname(APP);

/**
 * The file an import names, or null for a package: a relative path from the importing file; a
 * root-absolute one (`/app/engine/x`, as Vite resolves it from the project's root, or the file's
 * whole path); a bare `app/…`, as a `baseUrl` alias would read it.
 */
export function importTarget(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  if (source.startsWith('/')) {
    const whole = path.resolve(source);
    return whole.startsWith(ROOT + path.sep) ? whole : path.join(ROOT, source);
  }
  if (source.split('/')[0] === 'app') return path.join(ROOT, source);
  return null;
}

/** The layer of a path: its top folder under app/, '(root)' for app/*.tsx, null outside app/. */
export function layerOf(file) {
  const relative = path.relative(APP, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length === 1 ? '(root)' : parts[0];
}

const featureOf = (file) => {
  const parts = path.relative(APP, file).split(path.sep);
  return parts[0] === 'features' ? parts[1] : null;
};

/** Why importing `target` from `file` breaks the layering, or null when it may. */
export function layeringError(file, target, typeOnly) {
  const from = layerOf(file);
  if (from === null) return null;
  const to = layerOf(target);
  const testSupport = TEST_SUPPORT.test(file);
  if (to === null) {
    const top = path.relative(path.dirname(APP), target).split(path.sep)[0];
    if ((OUTSIDE_APP_IMPORTERS[from] ?? []).includes(top) || (testSupport && TEST_SUPPORT_IMPORTS.includes('(outside app)'))) return null;
    return `app/${from} must not import ${top}/ from outside app/.`;
  }
  if (to === from) {
    if (from === 'features' && featureOf(file) !== featureOf(target)) {
      return `A feature never imports another feature (features/${featureOf(file)} → features/${featureOf(target)}); move what both need to components/, links/ or model/.`;
    }
    return null;
  }
  const rule = LAYERS[from];
  if (!rule) return `app/${from} is not in the layer table (scripts/lint/layers.mjs).`;
  if (rule.imports.includes(to)) return null;
  if (typeOnly && (rule.typeOnly ?? []).includes(to)) return null;
  if (testSupport && TEST_SUPPORT_IMPORTS.includes(to)) return null;
  if ((rule.typeOnly ?? []).includes(to)) return `app/${from} may import app/${to} for types only (use \`import type\`).`;
  return `app/${from} must not import app/${to} (layering: docs/architecture.md "Layers").`;
}

const isTypeOnly = (node) =>
  node.importKind === 'type' || node.exportKind === 'type' ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

export const layeringRule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Imports follow the layers of docs/architecture.md.' } },
  create(context) {
    const file = context.filename;
    const check = (node, source, typeOnly) => {
      const target = typeof source === 'string' ? importTarget(file, source) : null;
      const message = target && layeringError(file, target, typeOnly);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
      NewExpression: (node) => {
        const [first] = node.arguments;
        if (node.callee.name === 'URL' && first?.type === 'Literal' && node.arguments[1]?.type === 'MemberExpression') check(node, first.value, false);
      },
    };
  },
};
