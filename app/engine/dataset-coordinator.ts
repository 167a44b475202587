import { QueryCoordinator } from './coordinator/query-coordinator';
import type { Engine } from './engine';
import { ensureDerivedTables } from './metrics-report';

const coordinators = new WeakMap<Engine, QueryCoordinator>();

/** A coordinator as the app runs one: each dataset version's derived tables are current before the first read of them. */
export const createDatasetCoordinator = (engine: Engine) => new QueryCoordinator(engine, { prepareVersion: ensureDerivedTables });

/** The one coordinator of an engine, shared by every screen. */
export function datasetCoordinator(engine: Engine): QueryCoordinator {
  let coordinator = coordinators.get(engine);
  if (!coordinator) {
    coordinator = createDatasetCoordinator(engine);
    coordinators.set(engine, coordinator);
  }
  return coordinator;
}
