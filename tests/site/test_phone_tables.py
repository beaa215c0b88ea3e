"""At 375 px the site's tables keep every word whole: a power's name is never cut mid-word.

The style sheet lets long words break anywhere in the page, so that nothing pushes a phone's
screen sideways; in a table's narrow columns that cut "Germany" into "Germa" and "ny". The
browser is asked, word by word, on how many lines each word of every table cell lies.
"""

from __future__ import annotations

#: every word of every table cell that lies on more than one line: [word, cell text]
BROKEN_WORDS = """
const broken = [];
for (const cell of document.querySelectorAll('td, th')) {
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const pattern = /\\S+/g;
    let match;
    while ((match = pattern.exec(node.data)) !== null) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push([match[0], cell.textContent.trim().slice(0, 60)]);
    }
  }
}
return broken;
"""


def test_no_table_of_the_site_breaks_a_word_at_375_px(browser, public_site, dip_table):  # noqa: F811
    with dip_table.store() as store:
        turns = store.turns("dip")
    pages = [public_site.parent / "dip" / "index.html"]
    pages += [public_site.parent / "dip" / f"{turn.phase_id}.html" for turn in turns]
    browser.set_window_size(375, 812)
    try:
        cells = 0
        for page in pages:
            browser.get(page.as_uri())
            cells += browser.execute_script("return document.querySelectorAll('td').length;")
            assert browser.execute_script(BROKEN_WORDS) == [], page.name
            width = browser.execute_script("return window.innerWidth;")
            assert browser.execute_script("return document.documentElement.scrollWidth;") <= width, page.name
        assert cells > 50  # the pages had tables to read
    finally:
        browser.set_window_size(1100, 900)
