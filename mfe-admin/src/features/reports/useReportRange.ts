import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type DateRange, defaultRange, isIsoDate } from './dateRange';

/**
 * The range the report shows: `?from=&to=` when the URL has them (so a report can be reloaded
 * or shared), else the default around today. Applying a range writes it to the URL.
 */
export function useReportRange(): [DateRange, (range: DateRange) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  // Today is read once, so the default does not move while the page is open.
  const [fallback] = useState(defaultRange);
  const from = searchParams.get('from');
  const to = searchParams.get('to');
  const range: DateRange = {
    from: isIsoDate(from) ? from : fallback.from,
    to: isIsoDate(to) ? to : fallback.to,
  };
  const apply = useCallback(
    (next: DateRange) => setSearchParams({ from: next.from, to: next.to }),
    [setSearchParams],
  );
  return [range, apply];
}
