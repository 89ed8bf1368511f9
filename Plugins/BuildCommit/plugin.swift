import Foundation
import PackagePlugin

/// Writes the commit a build is made from into the target, as `buildCommit`, for `--version`.
///
/// It runs before every build (a prebuild command, so a new commit is never missed) and rewrites
/// its file only when the commit changed, so that an unchanged commit rebuilds nothing. The commit
/// is `git rev-parse --short=12 HEAD`, with `-dirty` when tracked files differ from it;
/// `$BBFAN_COMMIT` names it instead (a build from a source archive, without `.git`), and it is
/// `unknown` when neither can tell.
@main
struct BuildCommit: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let folder = context.pluginWorkDirectoryURL.appending(path: "generated")
    let script = #"""
      set -u
      package=$1; folder=$2
      mkdir -p "$folder"
      commit=${BBFAN_COMMIT:-}
      if [ -z "$commit" ]; then
        commit=$(git -C "$package" rev-parse --short=12 HEAD 2>/dev/null) || commit=unknown
        if [ "$commit" != unknown ] && ! git -C "$package" diff --quiet HEAD -- 2>/dev/null; then
          commit="$commit-dirty"
        fi
      fi
      commit=$(printf '%s' "$commit" | tr -cd 'A-Za-z0-9._-')
      text="/// The commit this executable was built from (see Plugins/BuildCommit).
      let buildCommit = \"$commit\"
      "
      if [ "$(cat "$folder/BuildCommit.swift" 2>/dev/null)" != "$(printf '%s' "$text")" ]; then
        printf '%s' "$text" > "$folder/BuildCommit.swift.new"
        mv "$folder/BuildCommit.swift.new" "$folder/BuildCommit.swift"
      fi
      """#
    return [
      .prebuildCommand(
        displayName: "Reading the commit \(target.name) is built from",
        executable: URL(filePath: "/bin/sh"),
        arguments: [
          "-c", script, "sh", context.package.directoryURL.path(), folder.path(),
        ],
        outputFilesDirectory: folder)
    ]
  }
}
