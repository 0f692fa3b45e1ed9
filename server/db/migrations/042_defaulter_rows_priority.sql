-- Issue 16 (decision 081): the lists of every defaulter and of the non-performing open in the priority order (decision
-- 015: broken promises, then planned next actions, then the most days defaulted). Unfiltered, they now walk the kept
-- rows (migration 039) along this index of that very order and read the page's rows and nothing else, where the runs
-- of decision 053 read the cases' indexes, a day's cases and each case's kept row. A scope or a filter keeps to the
-- runs. The ageing run writes every defaulter's days each day; the index is one more entry for each of those rows.

CREATE INDEX defaulter_rows_priority_idx
  ON defaulter_rows ((broken_promise_at IS NOT NULL) DESC, next_action_date ASC NULLS LAST, days_defaulted DESC, id);
