import { useState } from 'react';
import { callApi } from 'shared';
import styled from 'styled-components';
import { reloadPage } from './federation';
import { useRemotesMap, type RemotesMapStore } from './remotesMap';

const Strip = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 0 ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(4)};
  background: #fff4d6;
  border-bottom: 1px solid #f0d58c;
  color: #5c3d00;
  font-size: ${({ theme }) => theme.font.size.small};
  text-align: center;
`;

const Leave = styled.button`
  border: 0;
  padding: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: inherit;
  text-decoration: underline;
  cursor: pointer;
  &:disabled {
    cursor: wait;
  }
`;

/**
 * While this browser previews a release (the map names it), every page says so, with the way out:
 * leaving ends the preview on the server, and a full load brings the live releases back whole.
 */
export function PreviewBanner({ store }: { store: RemotesMapStore }) {
  const preview = useRemotesMap(store).map?.preview;
  const [leaving, setLeaving] = useState(false);
  if (!preview) return null;
  const leave = async () => {
    setLeaving(true);
    try {
      await callApi('delete', '/api/v1/releases/preview');
      reloadPage();
    } catch {
      // The client's toast says why; the banner stays, so the preview can be left again.
      setLeaving(false);
    }
  };
  return (
    <Strip role="region" aria-label="Preview">
      <span>{`Previewing ${preview.label} ${preview.version} — `}</span>
      <Leave type="button" onClick={() => void leave()} disabled={leaving} aria-busy={leaving || undefined}>
        Leave preview
      </Leave>
    </Strip>
  );
}
