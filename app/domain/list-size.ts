// How many rows a long list renders before "Show all" (the budget page and the month on /expense-history)
// or per page (/history). Each transaction row costs about 0.12 ms of server rendering and 1.2 KB of HTML;
// at 50 rows the list was a third of the budget page's time. 25 rows fill about two phone screens, and
// the count and totals beside the list always cover every row.
export const ROWS_PER_PAGE = 25;
