import { describe, expect, it } from 'vitest';
import { connectedComponents, layoutGraph, type GraphLayout, type LayoutEdge, type LayoutNode } from './layout';

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
