<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="kinema-tiles" tilewidth="32" tileheight="32" tilecount="2" columns="2">
 <image source="kinema-tiles.png" width="64" height="32"/>
 <tile id="0" type="floor"/>
 <tile id="1" type="wall">
  <properties>
   <property name="collides" type="bool" value="true"/>
  </properties>
 </tile>
</tileset>
