"""What the deployment tests and the crowd benchmark start: a throwaway PostgreSQL with a
password, bridges on data directories of their own sharing it and a secret, and Debian's nginx
in front of them, all on this machine, as non-root processes on free ports."""

import glob
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from urllib.parse import quote

from support import bbfan_binary, bbfan_web_command

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _run_as() -> list[str]:
    """The prefix that runs a server as nobody when the tests run as root (PostgreSQL refuses
    root, and nginx is started as a user would, not as the system's service)."""
    if os.geteuid() != 0:
        return []
    nobody = pwd.getpwnam("nobody")
    return ["/usr/bin/setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}",
            "--clear-groups", "--"]


def _give_to_runner(path: str) -> None:
    if os.geteuid() == 0:
        nobody = pwd.getpwnam("nobody")
        os.chown(path, nobody.pw_uid, nobody.pw_gid)


class Postgres:
    """A throwaway PostgreSQL on a Unix socket whose user bbfan signs in with a password
    (scram-sha-256), as a shared database would; `url` has no password, `password` is it."""

    def __init__(self):
        found = shutil.which("initdb")
        tools = os.path.dirname(os.path.realpath(found)) if found else next(
            iter(sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)), None)
        if tools is None or not os.path.exists(os.path.join(tools, "pg_ctl")):
            raise RuntimeError("PostgreSQL is missing: apt-get install postgresql (make test-deps)")
        self.tools = tools
        self.directory = tempfile.mkdtemp(prefix="bbfan-deploy-pg-")
        os.chmod(self.directory, 0o755)
        _give_to_runner(self.directory)
        self.password = "pw-" + secrets.token_hex(12)
        pwfile = os.path.join(self.directory, "pwfile")
        with open(pwfile, "w") as handle:
            handle.write(self.password + "\n")
        _give_to_runner(pwfile)
        data = os.path.join(self.directory, "data")
        self._server(["initdb", "-D", data, "-U", "bbfan", "--auth-local=scram-sha-256",
                      f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C", "--no-sync"])
        os.remove(pwfile)
        with open(os.path.join(data, "postgresql.conf"), "a") as conf:
            conf.write(f"\nlisten_addresses = ''\nunix_socket_directories = '{self.directory}'\n"
                       "max_connections = 100\nshared_buffers = 16MB\n")
        self._server(["pg_ctl", "-D", data, "-l", os.path.join(self.directory, "log"), "-w",
                      "start"])
        subprocess.run([os.path.join(tools, "createdb"), "-h", self.directory, "-U", "bbfan",
                        "bbfan"], check=True, capture_output=True,
                       env={**os.environ, "PGPASSWORD": self.password})
        self.url = f"postgres://bbfan@/bbfan?host={quote(self.directory, safe='')}"

    def _server(self, command: list[str]) -> None:
        done = subprocess.run(_run_as() + [os.path.join(self.tools, command[0]), *command[1:]],
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} failed: {done.stderr}")

    def stop(self) -> None:
        """Stops the server and removes its folder."""
        subprocess.run(_run_as() + [os.path.join(self.tools, "pg_ctl"), "-D",
                                    os.path.join(self.directory, "data"), "-m", "immediate", "-w",
                                    "stop"], capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)


class BridgeProcess:
    """One `bbfan-web` on a data directory of its own, with the shared database and secret; its
    password reaches it (and its bbfan) in PGPASSWORD only."""

    def __init__(self, name: str, port: int, database: str, password: str, secret_file: str,
                 public_name: str, *extra: str, password_cost: int | None = None,
                 prepare=None):
        self.name = name
        self.port = port
        self.data_dir = tempfile.mkdtemp(prefix=f"bbfan-deploy-{name}-")
        if prepare is not None:
            prepare(self.data_dir)
        command = [*bbfan_web_command(), "--port", str(port), "--data-dir", self.data_dir,
                   "--bbfan", bbfan_binary(), "--database", database, "--secret-file",
                   secret_file, "--name", name, "--public-name", public_name, *extra]
        if password_cost is not None:
            # bbfan's own option, for the crowd's sign-ins (see Benchmarks/README.md).
            command += ["--password-cost", str(password_cost)]
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PGPASSWORD": password, "BBFAN_PUBLIC_SOURCES": "off"})
        assert self.process.stdout is not None and self.process.stderr is not None
        line = self.process.stdout.readline()
        if not re.search(r"serving (http://\S+)/", line):
            self.process.kill()
            raise RuntimeError(f"bridge {name} did not start: {line!r} "
                               f"{self.process.stderr.read()}")
        self.url = f"http://127.0.0.1:{port}"
        self.stderr: list[str] = []
        threading.Thread(target=self.process.stdout.read, daemon=True).start()
        threading.Thread(target=lambda: self.stderr.extend(self.process.stderr),
                         daemon=True).start()

    def pids(self) -> list[int]:
        """This bridge's process and its children (its bbfan)."""
        found = [self.process.pid]
        for stat in glob.glob("/proc/[0-9]*/stat"):
            try:
                with open(stat) as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                found.append(int(stat.split("/")[2]))
        return found

    def kill(self) -> None:
        """Kills the bridge at once (SIGKILL), as a machine that goes away; its bbfan then reads
        the end of its input and exits."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def close(self) -> None:
        """Stops the bridge (SIGTERM) and removes its data directory."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.data_dir, ignore_errors=True)


def nginx_config(directory: str, port: int, upstreams: list[int]) -> str:
    """Docs/Deploy.md's nginx site, for a test: the same upstream and locations, with paths in
    `directory`, listening on 127.0.0.1:`port`."""
    servers = "\n".join(f"        server 127.0.0.1:{upstream} max_fails=1 fail_timeout=5s;"
                        for upstream in upstreams)
    site = deploy_site().replace("listen 80;", f"listen 127.0.0.1:{port};")
    site = re.sub(r"upstream bbfan_web \{.*?\n\}", "upstream bbfan_web {\n" + servers + "\n}",
                  site, flags=re.S)
    return f"""daemon off;
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log;
events {{ worker_connections 2048; }}
http {{
    access_log {directory}/access.log;
    client_body_temp_path {directory}/body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
{site}
}}
"""


def deploy_site() -> str:
    """The nginx site of Docs/Deploy.md (its ```nginx block marked "not run: the nginx site")."""
    # Beside the repository's Data/ (BBFAN_DATA when the tests run from a copy of Clients/Web).
    data = os.environ.get("BBFAN_DATA") or os.path.join(os.path.dirname(__file__), "..", "..",
                                                        "..", "Data")
    doc = os.path.join(data, "..", "Docs", "Deploy.md")
    with open(doc) as handle:
        text = handle.read()
    match = re.search(r"<!-- not run: the nginx site[^\n]*-->\n```nginx\n(.*?)```", text,
                      flags=re.S)
    if not match:
        raise RuntimeError("Docs/Deploy.md has no ```nginx block marked "
                           "<!-- not run: the nginx site ... -->")
    return match.group(1)


class Nginx:
    """Debian's nginx in the foreground, as nobody, with Docs/Deploy.md's site on a free port."""

    def __init__(self, upstreams: list[int], port: int | None = None):
        if not os.path.exists(NGINX):
            raise RuntimeError("nginx is missing: apt-get install nginx-light (make test-deps)")
        self.port = port or free_port()
        self.directory = tempfile.mkdtemp(prefix="bbfan-deploy-nginx-")
        os.chmod(self.directory, 0o755)
        _give_to_runner(self.directory)
        self.config = os.path.join(self.directory, "nginx.conf")
        with open(self.config, "w") as handle:
            handle.write(nginx_config(self.directory, self.port, upstreams))
        checked = subprocess.run(_run_as() + [NGINX, "-t", "-q", "-p", self.directory, "-e",
                                  os.path.join(self.directory, "error.log"), "-c", self.config],
                                 capture_output=True, text=True)
        if checked.returncode != 0:
            raise RuntimeError(f"nginx -t refused the configuration: {checked.stderr}")
        self.process = subprocess.Popen(
            _run_as() + [NGINX, "-p", self.directory, "-e",
                         os.path.join(self.directory, "error.log"), "-c", self.config],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # Ready when it accepts a connection (it binds before it forks its worker).
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"nginx exited: {self.process.stderr.read()!r}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                threading.Event().wait(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def close(self) -> None:
        """Stops nginx (SIGQUIT: it lets its connections finish) and removes its folder."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


class Deployment:
    """Docs/Deploy.md on one machine: PostgreSQL, `count` bridges, nginx in front of them."""

    def __init__(self, count: int = 2, *extra: str, password_cost: int | None = None,
                 prepare=None):
        """`prepare(data_dir)` runs on each bridge's data directory before it starts."""
        self.postgres = Postgres()
        self.secret_dir = tempfile.mkdtemp(prefix="bbfan-deploy-secret-")
        self.secret_file = os.path.join(self.secret_dir, "secret")
        with open(os.open(self.secret_file, os.O_WRONLY | os.O_CREAT, 0o600), "w") as handle:
            handle.write(secrets.token_urlsafe(48))
        self.proxy_port = free_port()
        public = f"127.0.0.1:{self.proxy_port}"
        self.bridges: list[BridgeProcess] = []
        try:
            for index in range(count):
                self.bridges.append(BridgeProcess(
                    f"bridge-{index + 1}", free_port(), self.postgres.url,
                    self.postgres.password, self.secret_file, public, *extra,
                    password_cost=password_cost, prepare=prepare))
            self.nginx = Nginx([bridge.port for bridge in self.bridges], self.proxy_port)
        except BaseException:
            self.close()
            raise
        self.url = self.nginx.url

    def close(self) -> None:
        """Stops everything, nginx first."""
        if hasattr(self, "nginx"):
            self.nginx.close()
        for bridge in self.bridges:
            bridge.close()
        self.postgres.stop()
        shutil.rmtree(self.secret_dir, ignore_errors=True)
