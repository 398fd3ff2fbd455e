import { embedSnippet } from '@shared/utils/embed';
import Copy from 'lucide-react/icons/copy';
import ExternalLink from 'lucide-react/icons/external-link';
import { useId } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { copyText } from '@client/lib/clipboard';


/** Edit screen: the truck's embeddable card (issue 14), with a snippet to copy and a preview link. */
export function EmbedSnippet({ truck }: { truck: { id: number; name: string } }) {
  const id = useId();
  const snippet = embedSnippet(window.location.origin, truck);
  return (
    <Card role="region" aria-labelledby={`${id}-heading`}>
      <CardHeader>
        <h2 className="text-xl font-semibold" id={`${id}-heading`}>
          Show your truck on your website
        </h2>
        <CardDescription>
          Paste this code into your site: a small card that says whether you are open, where, and your next stops,
          updated live.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <label htmlFor={`${id}-code`} className="text-sm font-medium">
          Embed code
        </label>
        <textarea
          id={`${id}-code`}
          readOnly
          rows={3}
          value={snippet}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-md border border-gray-300 bg-gray-50 p-2 font-mono text-xs break-all"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" onClick={() => void copyText(snippet, 'Embed code copied')}>
            <Copy aria-hidden /> Copy code
          </Button>
          <Button asChild size="sm" variant="outline">
            <a
              href={`/embed/trucks/${truck.id}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Preview the card (opens in a new tab)"
            >
              <ExternalLink aria-hidden /> Preview
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
