import FanServer
import JSONRPC

/// The text of `bbfan --help`.
enum HelpText {
  static let text = """
    bbfan \(ServiceVersion.version): the back end of a Breaking Bad fan app, speaking JSON-RPC 2.0
    over stdin/stdout.

    USAGE
      bbfan [serve] [OPTIONS]              serve JSON-RPC on stdin/stdout until end of input;
                                           --record FILE appends every exchange to a tape
      bbfan mcp [OPTIONS]                  serve the Model Context Protocol on stdin/stdout, for
                                           AI assistants: the methods as tools, records as
                                           resources, and prompts; it acts for the account signed
                                           in on the data directory
      bbfan call METHOD [PARAMS_JSON]      send one request; the result is printed on stdout,
                                           an error as JSON on stderr (exit status 1)
      bbfan verify FILE...                 replay tapes (JSON Lines of {"send", "expect"}) against a
                                           fresh data directory (--seed 1 unless given); print
                                           every reply that differs; exit status 1 if any does
      bbfan --help | --version

    OPTIONS
      --data-dir DIR            where state is kept (default: $XDG_DATA_HOME/bbfan, or
                                ~/.local/share/bbfan)
      --source [UNIVERSE=]embedded|URL
                                a universe's catalog: the snapshot built in (default), or a
                                live API of the original shape; without UNIVERSE=, Breaking
                                Bad's (https://www.breakingbadapi.com/api); repeat it for
                                rick-and-morty=https://rickandmortyapi.com/api; catalog.refresh
                                fetches from it, and the last good refresh is served at start
      --http-timeout SECONDS    how long a request to the live API or an image host may take
                                (default 30)
      --max-pages N             the most pages a refresh follows in one paged list (default 500)
      --http-concurrency N      the most requests of one refresh in flight at once (default 6)
      --max-refresh-bytes N     the most bytes the bodies of one refresh may add up to
                                (default 268435456)
      --image-cache-bytes N     the most the image cache keeps before it removes the least
                                recently used images (default 67108864)
      --busy-timeout SECONDS    how long a write waits for another bbfan process holding the
                                database before it fails as busy (default 10)
      --database URL            keep accounts, favourites, quizzes and profiles in a
                                PostgreSQL database shared by many machines,
                                postgres://USER@HOST/DB (also BBFAN_DATABASE_URL); a password
                                comes from the URL, PGPASSWORD or ~/.pgpass
      --record FILE             (serve) append every exchange to FILE, a tape for bbfan verify;
                                created 0600, as it holds passwords; a symbolic link, a file
                                that is not regular, or one of another user is refused
      --log-level LEVEL         off, error, warning (default), info or debug; logs go to stderr
      --seed N                  fix all randomness (quotes.random), for tests and recordings
      --password-cost N         PBKDF2 iterations for new passwords (default 600000; lower
                                only for tests)
      --max-message-bytes N     the largest message accepted (default 4194304)
      --max-depth N             the deepest nesting of arrays and objects (default 64)
      --max-batch N             the most elements in a batch (default 1000)

    Messages are newline-delimited JSON, or Content-Length framed (detected per message).
    Call rpc.discover for the OpenRPC description of every method.

    EXIT STATUS
      0 success; 1 the call returned an error, or a tape did not hold; 2 the command line
      or a tape is wrong.
    """
}
