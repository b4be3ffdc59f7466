import type { FieldProblem } from '@domain/error-codes';
import { ErrorBanner } from '@web/components/ui/feedback';
import { problemText } from '@web/lib/error-text';

/** The re-validation result: each problem in the chosen language (spec 5's words in English). */
export function ValidationProblems({ title, problems }: { title: string; problems: FieldProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ErrorBanner>
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {problems.map((problem) => (
          <li key={`${problem.code}${JSON.stringify(problem.params ?? {})}`}>{problemText(problem)}</li>
        ))}
      </ul>
    </ErrorBanner>
  );
}
