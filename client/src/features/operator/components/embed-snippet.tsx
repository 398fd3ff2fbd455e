import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { toast } from '@client/lib/toast';

/** The `<iframe>` an operator pastes into their own website to show the truck's live card. */
export function embedSnippet(origin: string, truck: { id: number; name: string }): string {
  const title = `${truck.name} on Food Truck Finder`.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${origin}/embed/trucks/${truck.id}" title="${title}" width="360" height="260" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** Edit screen: the truck's embeddable card (issue 14), with a snippet to copy and a preview link. */
export function EmbedSnippet({ truck }: { truck: { id: number; name: string } }) {
  const id = useId();
  const snippet = embedSnippet(window.location.origin, truck);
  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      toast({ title: 'Embed code copied' });
    } catch {
      toast({ title: 'Select the code and copy it', variant: 'destructive' });
    }
  }
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
          <Button type="button" size="sm" onClick={() => void copy()}>
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
