import { ErrorBanner } from '@web/components/ui/feedback';

/** The re-validation result: each problem as the server words it (spec 5). */
export function ValidationProblems({ title, problems }: { title: string; problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <ErrorBanner>
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </ErrorBanner>
  );
}
