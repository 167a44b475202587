import { QueryCoordinator } from './coordinator/query-coordinator';
import type { Engine } from './engine';
import { ensureDerivedTables } from './metrics-report';

const coordinators = new WeakMap<Engine, QueryCoordinator>();

/** The one coordinator of an engine, shared by every screen; each dataset version starts with current derived tables. */
export function datasetCoordinator(engine: Engine): QueryCoordinator {
  let coordinator = coordinators.get(engine);
  if (!coordinator) {
    coordinator = new QueryCoordinator(engine, { prepareVersion: ensureDerivedTables });
    coordinators.set(engine, coordinator);
  }
  return coordinator;
}
