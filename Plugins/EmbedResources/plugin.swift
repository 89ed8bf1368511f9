import Foundation
import PackagePlugin

/// Embeds data files into a target as Swift string literals.
///
/// The built executable carries them and runs from any folder. The target lists package-relative folders in `embed.txt`; every
/// `.json` file in them is embedded under the key `Folder/name.json`. `Folder/*` stands for every folder in `Folder`
/// (`Data/*`: each universe's snapshot folder, so that a new universe's folder needs no entry).
@main
struct EmbedResources: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let listURL = target.directoryURL.appending(path: "embed.txt")
    guard let list = try? String(contentsOf: listURL, encoding: .utf8) else { return [] }
    var inputs: [URL] = []
    var arguments: [String] = []
    let entries = list.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    var folders: [String] = []
    for entry in entries where !entry.isEmpty && !entry.hasPrefix("#") {
      guard entry.hasSuffix("/*") else {
        folders.append(entry)
        continue
      }
      let parent = String(entry.dropLast(2))
      let directory = context.package.directoryURL.appending(path: parent)
      // The parent is an input too, so that adding a folder re-runs the command.
      inputs.append(directory)
      folders += try FileManager.default.contentsOfDirectory(atPath: directory.path()).sorted()
        .filter { name in
          var isFolder: ObjCBool = false
          let path = directory.appending(path: name).path()
          return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            && isFolder.boolValue
        }
        .map { parent + "/" + $0 }
    }
    for folder in folders {
      let directory = context.package.directoryURL.appending(path: folder)
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path())
        .filter { $0.hasSuffix(".json") }
        .sorted()
      for name in names {
        let file = directory.appending(path: name)
        inputs.append(file)
      }
      // The folder itself is an input too, so that adding or removing a file re-runs the command;
      // the generator lists the folder when it runs.
      inputs.append(directory)
      arguments += [folder, directory.path()]
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count) files into \(target.name)",
        executable: try context.tool(named: "EmbedGenerator").url,
        arguments: [output.path()] + arguments,
        inputFiles: inputs + [listURL],
        outputFiles: [output])
    ]
  }
}
