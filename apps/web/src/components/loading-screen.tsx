// The whole-page spinner of the first load and the session restore: plain markup, so the entry does
// not need MUI (components/ui).
import { Spinner } from './ui/spinner';

export function LoadingScreen({ label = 'Loading' }: { label?: string }) {
  return (
    <div style={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}>
      <Spinner label={label} />
    </div>
  );
}
