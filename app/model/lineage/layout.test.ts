import { describe, expect, it } from 'vitest';
import { connectedComponents, layoutGraph, type GraphLayout, type LayoutEdge, type LayoutNode } from './layout';
import { withBounds } from './layout-bounds';
import { packComponents } from './pack';

const box = (id: string): LayoutNode => ({ id, width: 100, height: 40 });
const edge = (source: string, target: string): LayoutEdge => ({ id: `${source}>${target}`, source, target });

function overlaps(layout: GraphLayout): string[] {
  const placed = Object.entries(layout.nodes);
  const found: string[] = [];
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const [a, p] = placed[i];
      const [b, q] = placed[j];
      if (p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height) found.push(`${a}/${b}`);
    }
  }
  return found;
}

describe('layoutGraph', () => {
  it('lays each component out left to right, without overlaps, edges from source to target', () => {
    const nodes = ['r1', 'a1', 'a2', 'x1', 'r2', 'b1'].map(box);
    const edges = [edge('r1', 'a1'), edge('r1', 'a2'), edge('a1', 'x1'), edge('r2', 'b1')];
    const layout = layoutGraph(nodes, edges);
    expect(overlaps(layout)).toEqual([]);
    expect(layout.nodes.a1.x).toBeGreaterThan(layout.nodes.r1.x + 100);
    expect(layout.nodes.x1.x).toBeGreaterThan(layout.nodes.a1.x + 100);
    const route = layout.edges['r1>a1'];
    expect(route.length).toBeGreaterThanOrEqual(2);
    expect(route[0].x).toBeCloseTo(layout.nodes.r1.x + 100);
    expect(route.at(-1)!.x).toBeCloseTo(layout.nodes.a1.x);
    for (const node of Object.values(layout.nodes)) {
      expect(node.x + node.width).toBeLessThanOrEqual(layout.width + 0.01);
      expect(node.y + node.height).toBeLessThanOrEqual(layout.height + 0.01);
    }
  });

  it('stacks sibling leaves in edge order, each edge from the parent to its leaf', () => {
    const leaves = ['l1', 'l2', 'l3', 'l4', 'l5'];
    const layout = layoutGraph(['p', 'q', ...leaves].map(box), [edge('q', 'p'), ...leaves.map((leaf) => edge('p', leaf))]);
    expect(overlaps(layout)).toEqual([]);
    expect(leaves.map((leaf) => layout.nodes[leaf].y)).toEqual([...leaves.map((leaf) => layout.nodes[leaf].y)].sort((a, b) => a - b));
    expect(new Set(leaves.map((leaf) => layout.nodes[leaf].x)).size).toBe(1);
    expect(layout.edges['p>l3']).toEqual([
      { x: layout.nodes.p.x + 100, y: layout.nodes.p.y + 20 },
      { x: layout.nodes.l3.x, y: layout.nodes.l3.y + 20 },
    ]);
    expect(Object.keys(layout.nodes).sort()).toEqual(['l1', 'l2', 'l3', 'l4', 'l5', 'p', 'q']);
  });

  it('finds weakly connected components in the order of their first node', () => {
    const components = connectedComponents(['a', 'b', 'c', 'd'].map(box), [edge('c', 'a'), edge('d', 'x')]);
    expect(components.map((c) => c.nodes.map((n) => n.id))).toEqual([['a', 'c'], ['b'], ['d']]);
    expect(components[0].edges.map((e) => e.id)).toEqual(['c>a']);
  });

  it('packs many components into rows instead of one tall column', () => {
    const nodes = Array.from({ length: 60 }, (_, i) => box(`n${i}`));
    const edges = Array.from({ length: 30 }, (_, i) => edge(`n${2 * i}`, `n${2 * i + 1}`));
    const layout = layoutGraph(nodes, edges);
    expect(overlaps(layout)).toEqual([]);
    expect(layout.width / layout.height).toBeGreaterThan(1);
  });

  it('lays out each shape of component once: copies get the same relative layout, placed apart', () => {
    const copies = Array.from({ length: 50 }, (_, i) => i);
    const layout = layoutGraph(copies.flatMap((i) => [box(`r${i}`), box(`a${i}`)]), copies.map((i) => edge(`r${i}`, `a${i}`)));
    expect(overlaps(layout)).toEqual([]);
    const offsets = new Set(copies.map((i) => `${layout.nodes[`a${i}`].x - layout.nodes[`r${i}`].x},${layout.nodes[`a${i}`].y - layout.nodes[`r${i}`].y}`));
    expect(offsets.size).toBe(1);
    expect(layout.edges['r7>a7'][0].x).toBeCloseTo(layout.nodes.r7.x + 100);
  });

  it('survives a chain too long for dagre, with a plain layered layout', () => {
    const nodes = Array.from({ length: 3000 }, (_, i) => box(`n${i}`));
    const edges = Array.from({ length: 2999 }, (_, i) => edge(`n${i}`, `n${i + 1}`));
    const layout = layoutGraph(nodes, edges);
    expect(Object.keys(layout.nodes)).toHaveLength(3000);
    expect(layout.nodes.n2999.x).toBeGreaterThan(layout.nodes.n0.x);
  });
});

describe('layout bounds', () => {
  it('hold every node box and edge point, starting at (0, 0)', () => {
    const layout = withBounds({
      nodes: { a: { x: -20, y: 10, width: 100, height: 40 }, b: { x: 200, y: -5, width: 230, height: 50 } },
      edges: { e: [{ x: 80, y: 30 }, { x: 460, y: 120 }] },
      width: 0,
      height: 0,
    });
    // left −20, top −5, right max(430, 460) = 460, bottom max(50, 45, 120) = 120
    expect(layout.width).toBe(480);
    expect(layout.height).toBe(125);
    expect(layout.nodes.a).toEqual({ x: 0, y: 15, width: 100, height: 40 });
    expect(layout.edges.e[1]).toEqual({ x: 480, y: 125 });
  });

  it('of a laid-out graph reach past its right-most node and no further', () => {
    const layout = layoutGraph(['r', 'a', 'x'].map(box), [edge('r', 'a'), edge('a', 'x')]);
    const right = Math.max(...Object.values(layout.nodes).map((node) => node.x + node.width));
    expect(layout.width).toBeCloseTo(right);
  });
});

describe('packComponents', () => {
  const component = (width: number, height: number): GraphLayout => ({ nodes: { [`n${width}x${height}`]: { x: 0, y: 0, width, height } }, edges: {}, width, height });

  it('keeps rows within the widest row allowed, so a graph too big to read grows downwards', () => {
    const components = Array.from({ length: 8 }, () => component(700, 160));
    const packed = packComponents(components, { width: 668, height: 468, maxRowWidth: 668 / (11 / 12) });
    // 728.7 units allow one 700-wide component a row: 8 rows of 160 with 48 between
    expect(packed.width).toBe(700);
    expect(packed.height).toBe(8 * 160 + 7 * 48);
  });

  it('picks the row width at which the whole graph fits its area largest', () => {
    const components = Array.from({ length: 8 }, (_, i) => ({ ...component(790, 162), nodes: { [`c${i}`]: { x: 0, y: 0, width: 790, height: 162 } } }));
    const packed = packComponents(components, { width: 1300, height: 1000, maxRowWidth: Infinity });
    // one column: 790 × 1632, scale 0.61; two: 1628 × 792, scale 0.80; three: 2466 × 582, scale 0.53
    expect(packed.width).toBe(1628);
    expect(packed.height).toBe(4 * 162 + 3 * 48);
    expect(packed.nodes.c1).toMatchObject({ x: 838, y: 0 });
    expect(packed.nodes.c2).toMatchObject({ x: 0, y: 210 });
  });
});
