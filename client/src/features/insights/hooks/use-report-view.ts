import { useEffect } from 'react';
import { reportView } from '../view-reporter';

/** Counts a truck's page or menu as seen when it shows (issue 31). */
export function useReportView(truckId: number | null, kind: 'page_view' | 'menu_open'): void {
  useEffect(() => {
    if (truckId !== null) reportView(truckId, kind);
  }, [truckId, kind]);
}
