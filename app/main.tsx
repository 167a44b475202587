import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { DatasetProvider, startDatasetEarly } from './session/dataset';
import { LabelingProvider } from './session/labeling';
import './styles.css';

// The React binding of the coordinator's one result cache, not a second one: app/engine/coordinator/README.md
const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: Infinity, gcTime: 5 * 60_000, retry: false, refetchOnWindowFocus: false } },
});

startDatasetEarly();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <DatasetProvider autoloadSamples={import.meta.env.VITE_AUTOLOAD_SAMPLES === '1'}>
        <LabelingProvider>
          <App />
        </LabelingProvider>
      </DatasetProvider>
    </QueryClientProvider>
  </StrictMode>,
);
