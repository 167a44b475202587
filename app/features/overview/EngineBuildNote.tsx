import { useDataset } from '../../session/dataset';

/** Which build of DuckDB-wasm holds the dataset, on how many threads, and why not the threaded one. */
export function EngineBuildNote() {
  const build = useDataset().origin?.build;
  if (!build) return null;
  return (
    <section className="panel" aria-label="Engine">
      <h2>Engine</h2>
      <p data-engine-build={build.kind} data-engine-threads={build.threads}>
        DuckDB-wasm, {build.kind} build, {build.threads === 1 ? '1 thread' : `${build.threads} threads`}
        {build.reason ? <span className="text-soft">: {build.reason}.</span> : '.'}
      </p>
    </section>
  );
}
